import CalMain
import CalSync
import Glibc

// cal with the network: CalDAV sync and feeds (over libcurl), started by cal for the
// commands that need them, with the same arguments and environment.
CalMain.run(network: CalDAVNetwork(home: getenv("HOME").map { String(cString: $0) }))
