// User files: where they live, backups on save, and loading that falls back to the backup
// (or defaults) when the file is broken, keeping the broken file as PATH.corrupt.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <map>
#include <optional>

#include "io/match_file.hpp"
#include "io/settings.hpp"
#include "io/user_files.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
namespace fs = std::filesystem;

// Sets environment variables for one test and puts them back afterwards.
class Env {
  public:
    void set(const char* name, const char* value) {
        if (!saved_.count(name)) {
            const char* old = std::getenv(name);
            saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
        }
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~Env() {
        for (const auto& [name, value] : saved_) {
            if (value)
                ::setenv(name.c_str(), value->c_str(), 1);
            else
                ::unsetenv(name.c_str());
        }
    }

  private:
    std::map<std::string, std::optional<std::string>> saved_;
};

TEST(UserFiles, FoldersFollowBilliardsHomeThenXdgThenHome) {
    Env env;
    env.set("BILLIARDS_HOME", "/b/home");
    env.set("XDG_CONFIG_HOME", "/xdg/config");
    env.set("XDG_DATA_HOME", "/xdg/data");
    env.set("HOME", "/home/u");
    EXPECT_EQ(io::user_config_dir(), "/b/home");
    EXPECT_EQ(io::user_data_dir(), "/b/home");
    EXPECT_EQ(io::settings_path(), "/b/home/settings.json");
    EXPECT_EQ(io::autosave_path(), "/b/home/autosave.json");
    env.set("BILLIARDS_HOME", nullptr);
    EXPECT_EQ(io::user_config_dir(), "/xdg/config/billiards");
    EXPECT_EQ(io::user_data_dir(), "/xdg/data/billiards");
    EXPECT_EQ(io::settings_path(), "/xdg/config/billiards/settings.json");
    EXPECT_EQ(io::autosave_path(), "/xdg/data/billiards/autosave.json");
    env.set("XDG_CONFIG_HOME", "relative/is/ignored");
    env.set("XDG_DATA_HOME", "");
    EXPECT_EQ(io::user_config_dir(), "/home/u/.config/billiards");
    EXPECT_EQ(io::user_data_dir(), "/home/u/.local/share/billiards");
}

io::Settings with_width(int w) {
    io::Settings s;
    s.window_width = w;
    return s;
}

auto parse = [](const std::string& text, const std::string& name) {
    return io::parse_settings(text, name);
};

TEST(UserFiles, SavingKeepsThePreviousGoodFileAsBak) {
    const io_test::TempDir dir("bak");
    const std::string path = (dir.path() / "new" / "settings.json").string();
    io::save_settings_file(with_width(1000), path);
    EXPECT_FALSE(fs::exists(path + ".bak"));
    io::save_settings_file(with_width(1001), path);
    EXPECT_EQ(io::load_settings_file(path + ".bak").window_width, 1000);
    EXPECT_EQ(io::load_settings_file(path).window_width, 1001);
    // A broken file in place never replaces the good backup.
    io_test::spit(path, "{\"format\": ");
    io::save_settings_file(with_width(1002), path);
    EXPECT_EQ(io::load_settings_file(path + ".bak").window_width, 1000);
    EXPECT_EQ(io::load_settings_file(path).window_width, 1002);
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    EXPECT_FALSE(fs::exists(path + ".bak.tmp"));
}

TEST(UserFiles, MissingFileIsNotAnError) {
    const io_test::TempDir dir("missing");
    const auto loaded = io::load_with_fallback((dir.path() / "settings.json").string(), parse);
    EXPECT_FALSE(loaded.value);
    EXPECT_EQ(loaded.message, "");
}

TEST(UserFiles, AGoodFileLoadsQuietly) {
    const io_test::TempDir dir("good");
    const std::string path = (dir.path() / "settings.json").string();
    io::save_settings_file(with_width(900), path);
    const auto loaded = io::load_with_fallback(path, parse);
    ASSERT_TRUE(loaded.value);
    EXPECT_EQ(loaded.value->window_width, 900);
    EXPECT_EQ(loaded.message, "");
}

TEST(UserFiles, ABrokenFileFallsBackToTheBackupAndIsKept) {
    const io_test::TempDir dir("broken");
    const std::string path = (dir.path() / "settings.json").string();
    io::save_settings_file(with_width(900), path);
    io::save_settings_file(with_width(901), path);
    const std::string bad = R"({"format": "billiards-settings/1", "table": "pool-6ft"})";
    io_test::spit(path, bad);
    const auto loaded = io::load_with_fallback(path, parse);
    ASSERT_TRUE(loaded.value);
    EXPECT_EQ(loaded.value->window_width, 900);
    EXPECT_EQ(loaded.message, path +
                                  ": table: unknown table \"pool-6ft\" (known: pool-9ft, pool-8ft, "
                                  "pool-7ft); kept as " +
                                  path + ".corrupt; using the backup");
    EXPECT_FALSE(fs::exists(path));
    EXPECT_EQ(io_test::slurp(path + ".corrupt"), bad);
    // A second broken file does not overwrite the first one kept.
    io_test::spit(path, "junk");
    const auto again = io::load_with_fallback(path, parse);
    EXPECT_TRUE(again.value);
    EXPECT_EQ(io_test::slurp(path + ".corrupt"), bad);
    EXPECT_EQ(io_test::slurp(path + ".corrupt-2"), "junk");
}

// A FIFO as the settings file: refused at once (never waited on), left where it is, and
// the defaults used; saving over it is refused too.
TEST(UserFiles, AFifoSettingsFileIsNeitherWaitedOnNorMoved) {
    const io_test::TempDir dir("fifo-settings");
    const std::string path = (dir.path() / "settings.json").string();
    ASSERT_EQ(::mkfifo(path.c_str(), 0644), 0);
    const auto loaded = io::load_with_fallback(path, parse);
    EXPECT_FALSE(loaded.value);
    EXPECT_EQ(loaded.message, path + ": $: cannot read: a FIFO, not a regular file (inputs must be "
                                     "regular files); using defaults");
    EXPECT_TRUE(fs::is_fifo(path));
    EXPECT_FALSE(fs::exists(path + ".corrupt"));
    EXPECT_THROW(io::save_settings_file(with_width(900), path), io::InputError);
    EXPECT_TRUE(fs::is_fifo(path));
}

// A settings file beyond the input bound: a broken file like any other (set aside).
TEST(UserFiles, AHugeSettingsFileIsSetAside) {
    const io_test::TempDir dir("huge-settings");
    const std::string path = (dir.path() / "settings.json").string();
    io_test::spit(path, "{}");
    fs::resize_file(path, io::kMaxInputBytes + 10);
    const auto loaded = io::load_with_fallback(path, parse);
    EXPECT_FALSE(loaded.value);
    EXPECT_NE(loaded.message.find("too large: 67108874 bytes"), std::string::npos)
        << loaded.message;
    EXPECT_TRUE(fs::exists(path + ".corrupt"));
}

TEST(UserFiles, ABrokenFileWithoutAGoodBackupGivesDefaults) {
    const io_test::TempDir dir("nobak");
    const std::string path = (dir.path() / "settings.json").string();
    io_test::spit(path, "");
    auto loaded = io::load_with_fallback(path, parse);
    EXPECT_FALSE(loaded.value);
    EXPECT_EQ(loaded.message,
              path +
                  ": $: invalid JSON: parse error at line 1, column 1: syntax error while "
                  "parsing value - unexpected end of input; expected '[', '{', or a literal; "
                  "kept as " +
                  path + ".corrupt; using defaults");
    io_test::spit(path, "[]");
    io_test::spit(path + ".bak", "{}");
    loaded = io::load_with_fallback(path, parse, "no autosave");
    EXPECT_FALSE(loaded.value);
    EXPECT_EQ(loaded.message, path +
                                  ": $: must be an object (a billiards-settings/1 file); kept as " +
                                  path + ".corrupt-2; the backup is broken too (" + path +
                                  ".bak: format: is required); no autosave");
}

TEST(UserFiles, AFileCutAtEveryLengthFallsBackToTheBackup) {
    const io_test::TempDir dir("cut");
    const std::string path = (dir.path() / "settings.json").string();
    io::Settings older = with_width(700), newer = with_width(701);
    newer.names[0] = "Ana";
    io::save_settings_file(older, path);
    io::save_settings_file(newer, path);
    const std::string text = io_test::slurp(path);
    for (std::size_t n = 0; n < text.size(); ++n) {
        io_test::spit(path, text.substr(0, n));
        const auto loaded = io::load_with_fallback(path, parse);
        ASSERT_TRUE(loaded.value) << n;
        if (n + 1 == text.size()) { // only the final newline is gone: still fine
            EXPECT_TRUE(*loaded.value == newer);
            EXPECT_EQ(loaded.message, "");
            continue;
        }
        EXPECT_TRUE(*loaded.value == older) << n;
        EXPECT_EQ(loaded.message.substr(loaded.message.size() - 18), "; using the backup") << n;
        EXPECT_EQ(io_test::slurp(path + ".corrupt"), text.substr(0, n));
        fs::remove(path + ".corrupt");
    }
}

TEST(UserFiles, AutosaveInBilliardsHomeRestoresFromTheBackup) {
    const io_test::TempDir dir("autosave");
    Env env;
    env.set("BILLIARDS_HOME", (dir.path() / "home").c_str());
    game::Match m{game::MatchConfig{}};
    ASSERT_TRUE(m.place_cue_ball({-0.9, 0.0}));
    io::save_match_file(io::match_file_of(m, "pool-9ft"), io::autosave_path());
    ASSERT_NE(m.shoot({0.0, 5.0, 0.0, 0.0}), nullptr);
    io::save_match_file(io::match_file_of(m, "pool-9ft"), io::autosave_path());
    EXPECT_EQ(io::autosave_path(), (dir.path() / "home" / "autosave.json").string());
    // A save whose inputs no longer replay counts as broken too.
    std::string text = io_test::slurp(io::autosave_path());
    text.replace(text.find("\"speed\": 5.0"), 12, "\"speed\": 50.0");
    io_test::spit(io::autosave_path(), text);
    const auto loaded = io::load_with_fallback(
        io::autosave_path(),
        [](const std::string& t, const std::string& name) {
            return io::restore_match(io::parse_match(t, name), name);
        },
        "no autosave");
    ASSERT_TRUE(loaded.value);
    EXPECT_EQ((*loaded.value)->inputs().size(), 1u);
    EXPECT_EQ(loaded.message, io::autosave_path() +
                                  ": inputs[1]: shot refused: cue speed must be between 0 and 20 "
                                  "m/s; kept as " +
                                  io::autosave_path() + ".corrupt; using the backup");
}

} // namespace
