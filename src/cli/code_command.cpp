// billiards code encode FILE | --rack MODE --seed N [--table NAME]
// billiards code decode TEXT|- [--out FILE]
// Share codes (io/share_code.hpp): a scenario, a replayed shot or a seeded rack as one line
// of text, and back. encode prints the code; decode writes the file the code stands for
// (a rack's as its scenario). Exit 2 with "FILE: JSON.PATH: problem" ("code: ..." for the
// code itself) on bad input.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/game_kind.hpp"
#include "io/scenario.hpp"
#include "io/share_code.hpp"

namespace billiards::cli {

namespace {

struct CodeOptions {
    std::string file;
    std::string rack; // a mode: encode its seeded rack instead of a file
    std::uint64_t seed = 1;
    std::string table;
    std::string text;
    std::string out;
};

int encode(const CodeOptions& o) {
    return run_guarded("code encode", [&] {
        if (o.file.empty() == o.rack.empty())
            return fail("code encode", "give either a FILE or --rack MODE", 2);
        std::string code;
        if (!o.rack.empty()) {
            const auto kind = game::kind_of_cli_name(o.rack);
            if (!kind)
                return fail("code encode",
                            "--rack: must be one of 8ball, 9ball, snooker, three-cushion", 2);
            const io::RackCode rack{*kind, o.seed, o.table};
            (void)io::rack_scenario(rack); // a table the game is not played on: refused here
            code = io::encode_code(io::rack_document(rack));
        } else {
            code = io::code_of_file(io::read_text_file(o.file), o.file);
        }
        write_stdout(code + "\n");
        return 0;
    });
}

int decode(const CodeOptions& o) {
    return run_guarded("code decode", [&] {
        if (!o.out.empty()) (void)io::output_target(o.out);
        std::string text = o.text;
        if (text == "-") {
            // At most one byte past the longest code: decode_code names the length.
            text.clear();
            char buf[4096];
            std::size_t n = 0;
            while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0 &&
                   text.size() <= io::kMaxCodeChars)
                text.append(buf, n);
        }
        write_output(o.out, io::file_of_code(text).text);
        return 0;
    });
}

} // namespace

void add_code_command(CLI::App& cli, int& status) {
    auto o = std::make_shared<CodeOptions>();
    auto* cmd = cli.add_subcommand(
        "code", "Share a scenario, a replayed shot or a seeded rack as one line of text");
    cmd->require_subcommand(1);
    auto* enc = cmd->add_subcommand("encode", "Print the code of a scenario or replay file, or "
                                              "of a seeded rack");
    enc->add_option("file", o->file,
                    "Scenario (billiards-scenario/1) or replay "
                    "(billiards-replay/1) file");
    enc->add_option("--rack", o->rack,
                    "Instead of a file: the opening rack of this game (8ball, 9ball, snooker, "
                    "three-cushion)");
    add_uint64_option(*enc, "--seed", o->seed, 0, UINT64_MAX,
                      "The rack's seed, as `billiards match --seed` takes it (default 1)");
    enc->add_option("--table", o->table, "The rack's table (default: the game's own)");
    enc->callback([o, &status] { status = encode(*o); });
    auto* dec = cmd->add_subcommand("decode", "Write the file a code stands for");
    dec->add_option("code", o->text, "The code (BIL1....), or - to read it from standard input")
        ->required();
    add_out_option(*dec, o->out, "Write the file here (atomically) instead of standard output");
    dec->callback([o, &status] { status = decode(*o); });
}

} // namespace billiards::cli
