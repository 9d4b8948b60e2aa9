package player

import (
	"reflect"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"./bin/qipan-engine", []string{"./bin/qipan-engine"}},
		{"  node  /x/fsuci.js ", []string{"node", "/x/fsuci.js"}},
		{`node "/my dir/fsuci.js" 'a b' c\ d`, []string{"node", "/my dir/fsuci.js", "a b", "c d"}},
		{`say "q\"uote" ''`, []string{"say", `q"uote`, ""}},
		{"", nil},
	}
	for _, tt := range tests {
		got, err := SplitCommand(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := SplitCommand(`node "open`); err == nil {
		t.Error("unterminated quote: no error")
	}
}
