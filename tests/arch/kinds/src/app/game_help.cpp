// A switch over the kinds outside a discipline's files (never compiled).
const char* rules(GameKind kind) {
    switch (kind) {
    case game::GameKind::Snooker:
        return "snooker";
    }
    return "";
}
