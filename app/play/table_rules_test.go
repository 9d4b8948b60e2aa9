package play

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestGamesDeclareTheirRules: Match and Reversi embed their Table, so a rules method they do
// not declare themselves would be one of the Table's own methods (promoted), calling itself
// through its rules. Every method of an interface a game satisfies must be the game's.
func TestGamesDeclareTheirRules(t *testing.T) {
	fset := token.NewFileSet()
	methods := map[string]map[string]bool{} // receiver type → declared methods
	ifaces := map[string][]string{}         // interface → its methods
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					continue
				}
				typ := d.Recv.List[0].Type
				if s, ok := typ.(*ast.StarExpr); ok {
					typ = s.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					if methods[id.Name] == nil {
						methods[id.Name] = map[string]bool{}
					}
					methods[id.Name][d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					if it, ok := ts.Type.(*ast.InterfaceType); ok {
						for _, m := range it.Methods.List {
							for _, n := range m.Names {
								ifaces[ts.Name.Name] = append(ifaces[ts.Name.Name], n.Name)
							}
						}
					}
				}
			}
		}
	}
	games := map[string]bool{"rules": true, "selector": true, "passer": true, "checker": true, "sounder": true,
		"sider": true, "enginePlayer": true, "recorder": true}
	for _, game := range []string{"Match", "Reversi"} {
		for iface := range games {
			names := ifaces[iface]
			if len(names) == 0 {
				t.Fatalf("no interface %s", iface)
			}
			satisfied := true
			var promoted []string
			for _, n := range names {
				switch {
				case methods[game][n]:
				case methods["Table"][n] || methods["evalBook"][n]:
					promoted = append(promoted, n)
				default:
					satisfied = false
				}
			}
			if satisfied && len(promoted) > 0 {
				t.Errorf("%s satisfies %s with the Table's own %v: declare them", game, iface, promoted)
			}
			if iface == "rules" && !satisfied {
				t.Errorf("%s does not declare every rules method", game)
			}
		}
	}
}
