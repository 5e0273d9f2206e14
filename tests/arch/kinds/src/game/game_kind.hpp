// A table whose kind has no HUD file (never compiled; arch.game_kinds_named).
#define BILLIARDS_GAME_KINDS(X) X(Billiards, "english", "English", "English", "game", english)
