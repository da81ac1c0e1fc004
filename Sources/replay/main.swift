import ReplayCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(ReplayMain.run(Array(CommandLine.arguments.dropFirst())))
