package play

import (
	"qipan/engine/reversi"
	"qipan/engine/reversi/ggf"
)

// importGGF reads the first game of a GGF text (engine/reversi/ggf checks every move).
func importGGF(text string) (*reversi.Game, string, error) {
	gg, err := ggf.Parse(text)
	if err != nil {
		return nil, "", err
	}
	start := gg.Start
	g := reversi.NewGame(&start)
	for _, m := range gg.Moves {
		if err := g.Play(m); err != nil {
			return nil, "", err
		}
	}
	return g, "GGF", nil
}

// GGF writes the game played so far (not the redo tail) as GGF.
func (r *Reversi) GGF() string {
	gg := ggf.Game{Start: *r.game.Start(), Moves: r.game.Moves()[:r.game.Ply()]}
	gg.SetTag("PC", "qipan")
	return gg.String()
}
