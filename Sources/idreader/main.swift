import Foundation

let code = CLI(console: StandardConsole()).run(Array(CommandLine.arguments.dropFirst()))
exit(code)
