import BenchRegistrations
import ListLabPlayground

// A playground of five registered providers of typed people, started as a user's tool
// starts (Scripts/bench-registered times it against plain listlab).
BenchRegistrations.playground().main()
