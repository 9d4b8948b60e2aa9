package main

import "testing"

func TestPkgOf(t *testing.T) {
	tests := []struct{ sym, want string }{
		{"github.com_maxence_charriere_go_app_v10_pkg_app.__jsStorage_.ForEach", "github.com_maxence_charriere_go_app_v10_pkg_app"},
		{"net_http.__Client_.Do", "net_http"},
		{"runtime.mallocgc", "runtime"},
		{"golang.org_x_sys_unix.Syscall", "golang.org_x_sys_unix"},
		{"qipan_app_ui.__Page_.Render", "qipan_app_ui"},
		{"", "(unnamed)"},
		{"nodot", "nodot"},
	}
	for _, tt := range tests {
		if got := pkgOf(tt.sym); got != tt.want {
			t.Errorf("pkgOf(%q) = %q, want %q", tt.sym, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	// A module with one imported and two defined functions, named f0..f2.
	wasm := []byte("\x00asm\x01\x00\x00\x00" +
		"\x01\x04\x01\x60\x00\x00" + // type: () -> ()
		"\x02\x07\x01\x01m\x01f\x00\x00" + // import m.f, func type 0
		"\x03\x03\x02\x00\x00" + // two functions of type 0
		"\x0a\x08\x02\x02\x00\x0b\x03\x00\x01\x0b" + // bodies of 2 and 3 bytes
		"\x00\x16\x04name\x01\x0f\x03\x00\x02f0\x01\x02a.\x02\x04b.cd")
	m, err := parse(wasm)
	if err != nil {
		t.Fatal(err)
	}
	if m.imports != 1 || len(m.bodies) != 2 || m.bodies[0] != 2 || m.bodies[1] != 3 {
		t.Fatalf("imports %d, bodies %v; want 1, [2 3]", m.imports, m.bodies)
	}
	if m.names[1] != "a." || m.names[2] != "b.cd" {
		t.Errorf("names %v", m.names)
	}
	if _, err := parse([]byte("\x00asm\x01\x00\x00\x00\x0a\x7f")); err == nil {
		t.Error("a truncated section parsed")
	}
	if _, err := parse([]byte("nope")); err == nil {
		t.Error("a non-wasm file parsed")
	}
}
