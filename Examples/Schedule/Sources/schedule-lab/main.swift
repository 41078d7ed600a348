// schedule-lab: the ListLab playground of the schedule's own provider and presenter.
import ScheduleLab

schedulePlayground().main()
