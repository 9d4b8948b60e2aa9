package play

import (
	"reflect"
	"testing"
)

// The games are the Table's rules, not Tables: each is a plain value the Table was given.
var (
	_ rules        = (*Xiangqi)(nil)
	_ rules        = (*Reversi)(nil)
	_ rules        = (*ticTacToe)(nil)
	_ selector     = (*Xiangqi)(nil)
	_ enginePlayer = (*Xiangqi)(nil)
	_ enginePlayer = (*Reversi)(nil)
	_ recorder     = (*Xiangqi)(nil)
	_ recorder     = (*Reversi)(nil)
	_ passer       = (*Reversi)(nil)
	_ brancher     = (*Xiangqi)(nil)
)

// TestGamesKnowNothingOfTheTable: no game holds (or embeds) a Table, a Session or anything
// else of this package that calls back into its game, so a game's method is the game's and a
// Table's the Table's, and the two cannot call each other round in a circle.
func TestGamesKnowNothingOfTheTable(t *testing.T) {
	forbidden := map[reflect.Type]bool{
		reflect.TypeFor[Table](): true, reflect.TypeFor[Session](): true, reflect.TypeFor[evalBook](): true,
	}
	var walk func(game string, typ reflect.Type, path string, seen map[reflect.Type]bool)
	walk = func(game string, typ reflect.Type, path string, seen map[reflect.Type]bool) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if forbidden[typ] {
			t.Errorf("%s holds a %s (%s)", game, typ.Name(), path)
			return
		}
		if typ.Kind() != reflect.Struct || seen[typ] || typ.PkgPath() != reflect.TypeFor[Table]().PkgPath() {
			return
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			walk(game, f.Type, path+"."+f.Name, seen)
		}
	}
	for _, g := range []any{Xiangqi{}, Reversi{}, ticTacToe{}} {
		typ := reflect.TypeOf(g)
		walk(typ.Name(), typ, typ.Name(), map[reflect.Type]bool{})
	}
}
