// bench_command.h — `token-journey-cli bench-engine`: events per second of the engine
// on a tandem of M/M/1 queues (core/queue_network.h), printed as one JSON line. It
// exists so the same measurement runs natively and as WebAssembly under Node;
// bench/bench_engine.cpp is the Google Benchmark twin for native profiling.
//
//   token-journey-cli bench-engine [--customers N] [--stations K] [--seed S]
#pragma once

// argv[0] is "bench-engine". Returns the process exit code.
int run_bench_command(int argc, char** argv);
