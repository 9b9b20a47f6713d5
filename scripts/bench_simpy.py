#!/usr/bin/python3
"""bench_simpy.py — the tandem-queue benchmark of bench/bench_engine.cpp in SimPy 2.3.

The same model as `token-journey-cli bench-engine` (core/queue_network.cpp): Poisson
arrivals at rate 0.8 into K single-server FIFO stations with exponential service at
rates 1.0, 1.2, 1.4, ... It keeps the same statistics too, so both sides do the same
work: per station the wait and the time at the station (running mean and variance)
and the time-weighted number at the station; for the network the time in system and
the time-weighted number inside. Events are counted the same way: one arrival per
customer plus one departure per station visited. Prints one JSON line with events
per wall second and per CPU second.

Needs Debian's python3-simpy (the classic API), so run it with /usr/bin/python3:
    /usr/bin/python3 scripts/bench_simpy.py [--customers N] [--stations K] [--seed S]
"""
import argparse
import json
import random
import time

from SimPy.Simulation import Process, Resource, activate, hold, initialize, now, release, request, simulate


class RunningStats:
    """Welford's running mean and variance, as tj::RunningStats."""
    __slots__ = ("n", "mean", "m2")

    def __init__(self):
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def add(self, x):
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)


class TimeWeighted:
    """Time-weighted mean of a piecewise-constant signal, as tj::TimeWeighted."""
    __slots__ = ("last_t", "value", "area")

    def __init__(self):
        self.last_t, self.value, self.area = 0.0, 0.0, 0.0

    def set(self, t, value):
        self.area += self.value * (t - self.last_t)
        self.last_t, self.value = t, value


class Station:
    def __init__(self, k, rate):
        self.resource = Resource(capacity=1, name="station%d" % k)
        self.rate = rate
        self.wait, self.sojourn, self.in_station = RunningStats(), RunningStats(), TimeWeighted()
        self.count = 0


class Network:
    events = 0
    customers = 0
    departed = 0
    system_time = RunningStats()
    in_network = TimeWeighted()


class Customer(Process):
    def visit(self, stations, rng):
        entered = now()
        for s in stations:
            arrived = now()
            s.count += 1
            s.in_station.set(arrived, s.count)
            yield request, self, s.resource
            s.wait.add(now() - arrived)
            yield hold, self, rng.expovariate(s.rate)
            yield release, self, s.resource
            t = now()
            s.count -= 1
            s.in_station.set(t, s.count)
            s.sojourn.add(t - arrived)
            Network.events += 1  # departure from this station
        Network.departed += 1
        Network.customers -= 1
        Network.in_network.set(now(), Network.customers)
        Network.system_time.add(now() - entered)


class Source(Process):
    def generate(self, arrival_rate, stations, rng):
        while True:
            yield hold, self, rng.expovariate(arrival_rate)
            Network.events += 1  # arrival
            Network.customers += 1
            Network.in_network.set(now(), Network.customers)
            c = Customer()
            activate(c, c.visit(stations, rng))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--customers", type=int, default=100000)
    ap.add_argument("--stations", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    arrival_rate = 0.8
    rng = random.Random(args.seed)
    initialize()
    stations = [Station(k, 1.0 + 0.2 * k) for k in range(args.stations)]
    src = Source()
    activate(src, src.generate(arrival_rate, stations, rng))
    t0, c0 = time.perf_counter(), time.process_time()
    simulate(until=args.customers / arrival_rate)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(json.dumps({"events": Network.events, "customers": Network.departed, "stations": args.stations,
                      "seconds": round(wall, 6), "cpu_seconds": round(cpu, 6),
                      "events_per_second": round(Network.events / wall),
                      "events_per_cpu_second": round(Network.events / cpu),
                      "mean_system_time": Network.system_time.mean}))


if __name__ == "__main__":
    main()
