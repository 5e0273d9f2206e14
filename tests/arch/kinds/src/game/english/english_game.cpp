// Its factory, as the table asks (never compiled).
std::unique_ptr<Game> make_english_game(GameKind kind, const GameOptions& options);
