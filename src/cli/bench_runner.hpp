// The named benchmarks of `billiards bench`: each runs a few repetitions of a fixed piece of
// work and reports the median cost per item and the spread between repetitions.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace billiards::bench {

struct Result {
    std::string name;
    std::string unit;    // of median and spread, e.g. "us/break", "ms/step"
    long long items = 0; // items per repetition (breaks, steps, collisions)
    double median = 0.0;
    double spread = 0.0; // max - min over the repetitions, same unit
    int repetitions = 0;
    // Further figures (collisions per second, bytes per ball, ...), in print order.
    std::vector<std::pair<std::string, double>> extra;
};

struct Options {
    int repetitions = 5;
    double scale = 1.0; // multiplies the work per repetition (tests use a small one)
};

const std::vector<std::string>& benchmark_names();
bool is_benchmark(const std::string& name);
// Precondition: is_benchmark(name).
Result run_benchmark(const std::string& name, const Options& options);

std::string to_json(const Result& r); // one line, no newline
std::string table_header();
std::string table_row(const Result& r);

// Bytes currently allocated from the heap (glibc mallinfo2), for bytes-per-ball figures.
long long heap_in_use();

} // namespace billiards::bench
