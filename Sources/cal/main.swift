import CalMain

// Everything but the network: `cal sync` and `cal calendar add --url` start cal-sync, beside this executable.
CalMain.run(network: nil)
