package protocol

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxLevel is full strength in every game: the level option runs 1..MaxLevel, so that a GUI's
// level means the same whichever game is played.
const MaxLevel = 10

// Config is what the game adapters (engine/protocol/xqengine, engine/protocol/rvengine, and
// engine/protocol/variants holding both) are made with, by the options of their New.
type Config struct {
	// Yield, if not nil, is called by searches and perft about every thousand nodes with the
	// job's context. The browser build yields to the JavaScript event loop there, so that stop
	// can arrive; it should return early once ctx is done.
	Yield func(ctx context.Context)
	// Seed seeds the random choices (book moves, the weak levels' noise) if Seeded, for
	// repeatable games; otherwise they are seeded from the clock.
	Seed   uint64
	Seeded bool
}

// ConfigOption sets part of a Config.
type ConfigOption func(*Config)

// WithYield sets Config.Yield.
func WithYield(yield func(ctx context.Context)) ConfigOption {
	return func(c *Config) { c.Yield = yield }
}

// WithSeed sets Config.Seed: one seed serves both games.
func WithSeed(seed uint64) ConfigOption {
	return func(c *Config) { c.Seed, c.Seeded = seed, true }
}

// NewConfig returns the Config that opts make.
func NewConfig(opts ...ConfigOption) Config {
	var c Config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// Poll returns a search's poll function for a job of ctx, calling Yield: nil without one.
func (c Config) Poll(ctx context.Context) func() {
	if c.Yield == nil {
		return nil
	}
	return func() { c.Yield(ctx) }
}

// Settings is what the game adapters (engine/protocol/xqengine, engine/protocol/rvengine)
// handle alike: the options every game takes, hashsize, level and multipv (their
// descriptions and the parsing of their values), and the searcher S that holds the hash
// tables, made at the first search at the hashsize option's size and dropped by Release
// (Lazy). An adapter keeps one, lists its options with HashOption, LevelOption and
// MultiPVOption, and passes SetOption the names it does not take itself.
type Settings[S any] struct {
	searcher      Lazy[S]
	newSearcher   func(hashMB int) *S
	tableBytes    func(*S) int
	clear         func(*S)
	hashMB        int
	defaultHashMB int
	level         int
	multiPV       int
	maxMultiPV    int
}

// NewSettings returns the settings at their defaults (hashsize defaultHashMB, level MaxLevel,
// multipv 1, no searcher yet), for a searcher made by newSearcher with tables of hashMB
// megabytes, whose tables hold tableBytes bytes and forget what they learned by clear.
// multipv takes 1..maxMultiPV.
func NewSettings[S any](defaultHashMB, maxMultiPV int, newSearcher func(hashMB int) *S,
	tableBytes func(*S) int, clear func(*S)) Settings[S] {
	return Settings[S]{newSearcher: newSearcher, tableBytes: tableBytes, clear: clear,
		hashMB: defaultHashMB, defaultHashMB: defaultHashMB, level: MaxLevel, multiPV: 1, maxMultiPV: maxMultiPV}
}

// Searcher returns the searcher, made (with tables of the hashsize option) if there is none.
func (s *Settings[S]) Searcher() *S {
	return s.searcher.Get(func() *S { return s.newSearcher(s.hashMB) })
}

// Peek returns the searcher, or nil before the first search and after Release.
func (s *Settings[S]) Peek() *S { return s.searcher.Peek() }

// Release drops the searcher and its tables (what it learned goes too), and collects them at
// once (Lazy); the next search makes them again.
func (s *Settings[S]) Release() { s.searcher.Release() }

// TableBytes returns the bytes held by the tables: 0 before the first search and after Release.
func (s *Settings[S]) TableBytes() int {
	if t := s.searcher.Peek(); t != nil {
		return s.tableBytes(t)
	}
	return 0
}

// NewGame clears what the searcher learned (if there is one).
func (s *Settings[S]) NewGame() {
	if t := s.searcher.Peek(); t != nil {
		s.clear(t)
	}
}

// HashMB returns the hashsize option in megabytes (0 is read as the default).
func (s *Settings[S]) HashMB() int { return s.hashMB }

// Level returns the level option, 1..MaxLevel.
func (s *Settings[S]) Level() int { return s.level }

// MultiPV returns the multipv option: how many best lines to report.
func (s *Settings[S]) MultiPV() int { return s.multiPV }

// HashOption describes hashsize (HashOption with the default).
func (s *Settings[S]) HashOption() Option { return HashOption(s.defaultHashMB) }

// LevelOption describes level / Skill Level.
func (s *Settings[S]) LevelOption() Option {
	return Option{Name: "level", UCIName: "Skill Level", Type: "spin", Min: 1, Max: MaxLevel, Default: strconv.Itoa(MaxLevel)}
}

// MultiPVOption describes multipv / MultiPV.
func (s *Settings[S]) MultiPVOption() Option {
	return Option{Name: "multipv", UCIName: "MultiPV", Type: "spin", Min: 1, Max: s.maxMultiPV, Default: "1"}
}

// SetOption sets hashsize (releasing the searcher if the size changes: the next search makes
// the tables at the new size), level or multipv; any other name is ErrUnknownOption. On error
// nothing changes.
func (s *Settings[S]) SetOption(name, value string) error {
	switch name {
	case "hashsize":
		mb, err := HashMB(value, s.defaultHashMB)
		if err != nil {
			return err
		}
		if mb != s.hashMB {
			s.hashMB = mb
			s.Release()
		}
	case "level":
		n, err := SpinValue("level", value, 1, MaxLevel)
		if err != nil {
			return err
		}
		s.level = n
	case "multipv":
		n, err := SpinValue("count", value, 1, s.maxMultiPV)
		if err != nil {
			return err
		}
		s.multiPV = n
	default:
		return ErrUnknownOption
	}
	return nil
}

// CheckOption describes an on/off option (Type "check") defaulting to def; ParseBool reads
// its values.
func CheckOption(name, uciName string, def bool) Option {
	return Option{Name: name, UCIName: uciName, Type: "check", Default: strconv.FormatBool(def)}
}

// SetBool sets *b to a check option's value (ParseBool); on error *b stays as it was.
func SetBool(b *bool, value string) error {
	v, err := ParseBool(value)
	if err == nil {
		*b = v
	}
	return err
}

// ParseBool reads a check option's value: true or on, false or off, in any case.
func ParseBool(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true", "on":
		return true, nil
	case "false", "off":
		return false, nil
	case "":
		return false, errors.New("missing value (true or false)")
	}
	return false, fmt.Errorf("bad value %q (want true or false)", v)
}

// MaxHashMB bounds the table size option.
const MaxHashMB = 1024

// HashOption is the table size option, hashsize (UCCI) / Hash (UCI): the megabytes that the
// tables of the game being played may hold together (0 means def). Every game takes it, so one
// budget holds whichever is played.
func HashOption(def int) Option {
	return Option{Name: "hashsize", UCIName: "Hash", Type: "spin", Min: 0, Max: MaxHashMB, Default: strconv.Itoa(def)}
}

// HashMB reads a hashsize value: 0..MaxHashMB megabytes, 0 giving def.
func HashMB(value string, def int) (int, error) {
	mb, err := SpinValue("size", value, 0, MaxHashMB)
	if err != nil {
		return 0, fmt.Errorf("%v MB", err)
	}
	if mb == 0 {
		mb = def
	}
	return mb, nil
}

// SpinValue reads a spin option's value, an integer in [min, max]; the error names what (e.g.
// "level") and the range, so every engine reports a bad value the same way.
func SpinValue(what, value string, min, max int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < min || n > max {
		return 0, fmt.Errorf("bad %s %q (want %d..%d)", what, value, min, max)
	}
	return n, nil
}
