package play

import (
	"strconv"
)

// Levels are the engine's strengths, 1 (weakest) .. 10 (full strength). The engine's own
// "level" option (engine/protocol/xqengine: below 10 a depth and node budget and some noise
// in its choice among its best moves) is sent before each search, with a think time that
// grows with the level: short for the low levels, 3–5 s for the top ones.
const (
	MinLevel     = 1
	MaxLevel     = 10
	DefaultLevel = 6
)

// levelGo is the go command of each level (index = level).
var levelGo = [MaxLevel + 1]string{
	1:  "go movetime 300",
	2:  "go movetime 400",
	3:  "go movetime 500",
	4:  "go movetime 600",
	5:  "go movetime 800",
	6:  "go movetime 1000",
	7:  "go movetime 2000",
	8:  "go movetime 3000",
	9:  "go movetime 4000",
	10: "go movetime 5000",
}

// HintGo is the short search behind a hint, made at full strength.
const HintGo = "go movetime 700"

// LevelOption is the protocol line that sets the engine's level l.
func LevelOption(l int) string { return "setoption level " + strconv.Itoa(ClampLevel(l)) }

// ClampLevel brings l into MinLevel..MaxLevel (0, the zero value of old saved settings,
// means DefaultLevel).
func ClampLevel(l int) int {
	if l == 0 {
		return DefaultLevel
	}
	return max(MinLevel, min(l, MaxLevel))
}

// LevelGo returns the go command of level l (clamped).
func LevelGo(l int) string { return levelGo[ClampLevel(l)] }
