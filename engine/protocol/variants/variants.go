// Package variants is one protocol.Engine, the Switch, holding both of qipan's games, xiangqi
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

// Switch is the engine that switches variant: it holds both games' adapters (xqengine.Adapter,
// rvengine.Adapter) and hands each command to the current game's.
type Switch struct {
	xq      *xqengine.Adapter
	rv      *rvengine.Adapter
	variant string
}

// New returns a switch playing xiangqi, each game at its start position. Both games are made
// with opts (protocol.WithYield, protocol.WithSeed).
func New(opts ...protocol.ConfigOption) *Switch {
	return &Switch{xq: xqengine.New(opts...), rv: rvengine.New(opts...), variant: Xiangqi}
}

var _ interface {
	protocol.Engine
	protocol.Perfter
	protocol.Bencher
	protocol.Prober
	protocol.Optioner
	protocol.Sider
} = (*Switch)(nil)

// Variant returns the current game's name.
func (e *Switch) Variant() string { return e.variant }

// Xiangqi and Reversi return the games' adapters.
func (e *Switch) Xiangqi() *xqengine.Adapter { return e.xq }
func (e *Switch) Reversi() *rvengine.Adapter { return e.rv }

func (e *Switch) cur() protocol.Adapter {
	if e.variant == Reversi {
		return e.rv
	}
	return e.xq
}

func (e *Switch) other() protocol.Adapter {
	if e.variant == Reversi {
		return e.xq
	}
	return e.rv
}

func (e *Switch) NewGame() { e.cur().NewGame() }
func (e *Switch) SetPosition(fen string, moves []string) error {
	return e.cur().SetPosition(fen, moves)
}

func (e *Switch) Search(ctx context.Context, lim protocol.Limits, progress func(protocol.Info)) protocol.Result {
	return e.cur().Search(ctx, lim, progress)
}

func (e *Switch) Perft(ctx context.Context, depth int, root func(string, uint64)) (uint64, error) {
	return e.cur().Perft(ctx, depth, root)
}

func (e *Switch) Bench(ctx context.Context, depth int, progress func(string)) (uint64, error) {
	return e.cur().Bench(ctx, depth, progress)
}

// Probe answers from the xiangqi hash table; Reversi has none to show.
func (e *Switch) Probe(fen string, moves []string) (protocol.HashEntry, error) {
	if e.variant != Xiangqi {
		return protocol.HashEntry{}, fmt.Errorf("not supported in %s", e.variant)
	}
	return e.xq.Probe(fen, moves)
}

// FirstToMove reports whether the first player (Red; Reversi's Black) is to move.
func (e *Switch) FirstToMove() bool {
	if e.variant == Reversi {
		return e.rv.FirstToMove()
	}
	return e.xq.Position().Turn() == xiangqi.Red
}

// Options lists the variant option, then the current game's options, then the other game's
// that the current one lacks.
func (e *Switch) Options() []protocol.Option {
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
func (e *Switch) TableBytes() int { return e.xq.TableBytes() + e.rv.TableBytes() }

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
func (e *Switch) SetOption(name, value string) error {
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
