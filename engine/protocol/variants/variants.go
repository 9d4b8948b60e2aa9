// Package variants is one protocol.Engine holding both of qipan's games, xiangqi
// (engine/protocol/xqengine, the default) and Reversi (engine/protocol/rvengine), switched by
// an option:
//
//	setoption name UCI_Variant value reversi   (UCI; combo, vars xiangqi and reversi)
//	setoption variant reversi                  (UCCI)
//
// "othello" and "flipello" (Fairy-Stockfish's name) are accepted for reversi. Each game keeps
// its own position: switching back finds the position that game had. Commands go to the
// current game (position, go, perft, bench, probe, newgame). The other options (level,
// multipv, hashsize, usebook) go to the current game, which judges the value, and also to the
// other game if it takes that option and value.
//
// Memory: hashsize is one budget for whichever game is played. Each game makes its tables at
// its first search, and switching releases the tables of the game left (its position stays),
// so the two games' tables are never held at once.
package variants

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"qipan/engine/protocol"
	"qipan/engine/protocol/rvengine"
	"qipan/engine/protocol/xqengine"
	"qipan/engine/xiangqi"
)

// Variant names, as the option takes and announces them.
const (
	Xiangqi = "xiangqi"
	Reversi = "reversi"
)

// Engine switches between the games.
type Engine struct {
	xq      *xqengine.Engine
	rv      *rvengine.Engine
	variant string
}

// New returns an engine playing xiangqi, each game at its start position. Both games are made
// with opts (protocol.WithYield, protocol.WithSeed).
func New(opts ...protocol.ConfigOption) *Engine {
	return &Engine{xq: xqengine.New(opts...), rv: rvengine.New(opts...), variant: Xiangqi}
}

var _ interface {
	protocol.Engine
	protocol.Perfter
	protocol.Bencher
	protocol.Prober
	protocol.Optioner
	protocol.Sider
} = (*Engine)(nil)

// Variant returns the current game's name.
func (e *Engine) Variant() string { return e.variant }

// Xiangqi and Reversi return the games' engines.
func (e *Engine) Xiangqi() *xqengine.Engine { return e.xq }
func (e *Engine) Reversi() *rvengine.Engine { return e.rv }

func (e *Engine) cur() protocol.Adapter {
	if e.variant == Reversi {
		return e.rv
	}
	return e.xq
}

func (e *Engine) other() protocol.Adapter {
	if e.variant == Reversi {
		return e.xq
	}
	return e.rv
}

func (e *Engine) NewGame() { e.cur().NewGame() }
func (e *Engine) SetPosition(fen string, moves []string) error {
	return e.cur().SetPosition(fen, moves)
}

func (e *Engine) Search(ctx context.Context, lim protocol.Limits, progress func(protocol.Info)) protocol.Result {
	return e.cur().Search(ctx, lim, progress)
}

func (e *Engine) Perft(ctx context.Context, depth int, root func(string, uint64)) (uint64, error) {
	return e.cur().Perft(ctx, depth, root)
}

func (e *Engine) Bench(ctx context.Context, depth int, progress func(string)) (uint64, error) {
	return e.cur().Bench(ctx, depth, progress)
}

// Probe answers from the xiangqi hash table; Reversi has none to show.
func (e *Engine) Probe(fen string, moves []string) (protocol.HashEntry, error) {
	if e.variant != Xiangqi {
		return protocol.HashEntry{}, fmt.Errorf("not supported in %s", e.variant)
	}
	return e.xq.Probe(fen, moves)
}

// FirstToMove reports whether the first player (Red; Reversi's Black) is to move.
func (e *Engine) FirstToMove() bool {
	if e.variant == Reversi {
		return e.rv.FirstToMove()
	}
	return e.xq.Position().Turn() == xiangqi.Red
}

// Options lists the variant option, then the current game's options, then the other game's
// that the current one lacks.
func (e *Engine) Options() []protocol.Option {
	out := []protocol.Option{{Name: "variant", UCIName: "UCI_Variant", Type: "combo", Default: Xiangqi,
		Vars: []string{Xiangqi, Reversi}}}
	seen := map[string]bool{}
	for _, g := range []protocol.Adapter{e.cur(), e.other()} {
		for _, o := range g.Options() {
			if !seen[o.Name] {
				seen[o.Name] = true
				out = append(out, o)
			}
		}
	}
	return out
}

// TableBytes returns the bytes held by both games' tables (after a switch, only the current
// game's, once it has searched).
func (e *Engine) TableBytes() int { return e.xq.TableBytes() + e.rv.TableBytes() }

// ParseVariant reads a variant name: xiangqi, or reversi (also othello, flipello); any case.
func ParseVariant(v string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "xiangqi":
		return Xiangqi, nil
	case "reversi", "othello", "flipello":
		return Reversi, nil
	case "":
		return "", errors.New("missing value (want xiangqi or reversi)")
	}
	return "", fmt.Errorf("unknown variant %q (want xiangqi or reversi)", v)
}

// SetOption switches the variant (releasing the tables of the game left), or sets an option
// of the current game (and of the other one if it takes it).
func (e *Engine) SetOption(name, value string) error {
	if name == "variant" {
		v, err := ParseVariant(value)
		if err != nil {
			return err
		}
		if v != e.variant {
			e.cur().Release()
		}
		e.variant = v
		return nil
	}
	err := e.cur().SetOption(name, value)
	if err != nil && !errors.Is(err, protocol.ErrUnknownOption) {
		return err
	}
	if err2 := e.other().SetOption(name, value); err2 == nil {
		return nil
	}
	return err
}
