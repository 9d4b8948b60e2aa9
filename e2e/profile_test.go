package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// cpuProfile is the part of the CDP Profiler.stop answer read here.
type cpuProfile struct {
	Profile struct {
		Nodes []struct {
			ID        int `json:"id"`
			CallFrame struct {
				FunctionName string `json:"functionName"`
			} `json:"callFrame"`
			Children []int `json:"children"`
		} `json:"nodes"`
		Samples    []int `json:"samples"`
		TimeDeltas []int `json:"timeDeltas"` // µs
	} `json:"profile"`
}

// cdp sends one DevTools protocol command.
func cdp(t *testing.T, ctx context.Context, method string, params, res any) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Action[chromedp.Void](func(c context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		return chromedp.Void{}, tg.Call(c, method, params, res)
	}))
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
}

// profiled runs f under Chromium's sampling profiler and writes to out/name.txt the functions
// by inclusive time (each sample counted once per function on its stack), the first n.
func profiled(t *testing.T, ctx context.Context, name string, n int, f func()) {
	t.Helper()
	cdp(t, ctx, "Profiler.enable", nil, nil)
	cdp(t, ctx, "Profiler.setSamplingInterval", map[string]any{"interval": 100}, nil)
	cdp(t, ctx, "Profiler.start", nil, nil)
	f()
	var p cpuProfile
	cdp(t, ctx, "Profiler.stop", nil, &p)
	parent, fn := map[int]int{}, map[int]string{}
	for _, node := range p.Profile.Nodes {
		fn[node.ID] = node.CallFrame.FunctionName
		for _, c := range node.Children {
			parent[c] = node.ID
		}
	}
	incl := map[string]int{}
	for i, s := range p.Profile.Samples {
		seen := map[string]bool{}
		for id := s; id != 0; id = parent[id] {
			if !seen[fn[id]] {
				incl[fn[id]] += p.Profile.TimeDeltas[i]
				seen[fn[id]] = true
			}
		}
	}
	names := make([]string, 0, len(incl))
	for k := range incl {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int { return incl[b] - incl[a] })
	var b strings.Builder
	for _, k := range names[:min(n, len(names))] {
		fmt.Fprintf(&b, "%9.1f ms  %s\n", float64(incl[k])/1000, k)
	}
	path := filepath.Join(outDir(t), name+".txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("profile %s", path)
}

// namedSite copies the site in dir and puts in it an app.wasm that keeps its function names
// (build.sh strips them), so that a profile names Go functions.
func namedSite(t *testing.T, dir string) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	site := copySite(t, dir)
	wasm := filepath.Join(site, "web", "app.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-o", wasm, "./cmd/qipan-site")
	cmd.Dir, cmd.Env = root, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building app.wasm with names: %v\n%s", err, b)
	}
	os.Remove(wasm + ".br") // the server would send the stripped twins
	os.Remove(wasm + ".gz")
	return site
}
