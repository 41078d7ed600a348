// schedule-lab-serve: the same playground in a browser ('schedule-lab serve' starts it).
import ListLabServer
import ScheduleLab

schedulePlayground().serveMain()
