// inbox-lab: the ListLab playground of the inbox's own provider and presenter.
import InboxLab

inboxPlayground().main()
