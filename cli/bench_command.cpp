// bench_command.cpp — engine speed on a tandem queue. See bench_command.h.
#include "cli/bench_command.h"

#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>

#include "core/queue_network.h"
#include "core/scenario.h"

// Processor seconds used so far. Under emscripten clock() follows the wall clock,
// which on a busy machine counts other programs' time too; Node's own counter does not.
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
EM_JS(double, node_cpu_seconds, (), {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
});
static double cpu_seconds() { return node_cpu_seconds(); }
#else
static double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }
#endif

int run_bench_command(int argc, char** argv) {
    uint64_t customers = 1000000, stations = 3, seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string arg = argv[i];
        uint64_t* target = arg == "--customers" ? &customers : arg == "--stations" ? &stations
                                                       : arg == "--seed"           ? &seed
                                                                                   : nullptr;
        if (!target || !tj::parse_u64(argv[i + 1], *target) || (target != &seed && *target == 0)) {
            std::fprintf(stderr, "token-journey-cli bench-engine: bad option '%s %s'\n", argv[i], argv[i + 1]);
            return 2;
        }
    }
    if (argc % 2 == 0) {
        std::fprintf(stderr, "token-journey-cli bench-engine: option '%s' needs a value\n", argv[argc - 1]);
        return 2;
    }
    // Utilisations 0.8, 0.67, 0.57, ...: busy stations, bounded queues.
    tj::QueueNetworkConfig cfg;
    cfg.arrival_rate = 0.8;
    cfg.service_rates.clear();
    for (uint64_t k = 0; k < stations; k++) cfg.service_rates.push_back(1.0 + 0.2 * double(k));
    tj::QueueNetwork net(cfg, seed);
    // The customers arrive in about customers / lambda seconds of simulated time.
    double horizon = double(customers) / cfg.arrival_rate;
    // Wall time, and processor time for a fairer figure on a shared machine.
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpu_seconds();
    net.run_until(horizon);
    double cpu = cpu_seconds() - c0;
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double events = double(net.events());
    std::printf("{\"events\": %llu, \"customers\": %llu, \"stations\": %llu, \"seconds\": %.6f, "
                "\"cpu_seconds\": %.6f, \"events_per_second\": %.0f, \"events_per_cpu_second\": %.0f, "
                "\"mean_system_time\": %.17g}\n",
                (unsigned long long)net.events(), (unsigned long long)net.departed(), (unsigned long long)stations,
                wall, cpu, wall > 0 ? events / wall : 0.0, cpu > 0 ? events / cpu : 0.0, net.system_time().mean());
    return 0;
}
