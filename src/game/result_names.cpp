#include "game/result_names.hpp"

#include <filesystem>
#include <map>
#include <set>

namespace billiards::game {

std::vector<std::string> result_names(const std::vector<std::string>& scenarios) {
    std::vector<std::string> names;
    std::map<std::string, int> uses;
    for (const std::string& path : scenarios) {
        std::string stem = std::filesystem::path(path).filename().string();
        if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0)
            stem.resize(stem.size() - 5);
        names.push_back(stem);
        ++uses[stem];
    }
    // A stem used once keeps its name; the others get "-INDEX", and another "-INDEX" while
    // that is still taken: d1/a.json, d2/a.json and a-1.json give a-0, a-1-1 and a-1. Every
    // name is then unique, whatever the inputs (the suffix is the same for all).
    std::set<std::string> taken;
    for (const std::string& stem : names)
        if (uses[stem] == 1) taken.insert(stem);
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (uses[names[k]] > 1) {
            std::string name = names[k];
            do {
                name += '-';
                name += std::to_string(k);
            } while (!taken.insert(name).second);
            names[k] = name;
        }
    }
    for (std::string& name : names)
        name += ".result.json";
    return names;
}

} // namespace billiards::game
