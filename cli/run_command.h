// run_command.h — runs one scene headless and prints every metric.
//
//   token-journey-cli --scene token|fab [--duration SECONDS | --steps N]
//       [--scenario file.json] [--preset id]... [--set id=value]... [--seed N]
//       [--format json|csv] [--list-params]
//   token-journey-cli --list-scenes          (the scene ids built in, one a line)
//
// Order of application: the scenario file, then presets, then --set, then --seed.
// --steps counts the scene's natural time unit (a decode step, a week). Without
// --duration or --steps the run lasts the scenario's time, else 100 natural units.
// Any error goes to stderr with exit code 2; nothing is run.
#pragma once

// argv[0] is the program name. Returns the process exit code.
int run_scene_command(int argc, char** argv);
