package e2e

import (
	"fmt"
	"net/url"
	"os"
	"slices"
	"testing"
	"time"

	"qipan/engine/xiangqi"
)

// TestColdLoad is part of the numbers script (QIPAN_NUMBERS=1): cold loads of the embed (a
// fresh browser profile each, nothing cached, localhost) showing embedPGN, each timed from
// navigation start: the first paint (the prerendered board), the board drawn by the app and
// taking clicks (#board[data-ready]), and the time a click on next then takes. With
// QIPAN_COMPARE_STATIC (another build, say of an earlier commit) the loads alternate between
// the two builds, so that both see the same machine. Figures go to out/numbers.txt.
func TestColdLoad(t *testing.T) {
	numbersOnly(t)
	builds := []string{siteDir(t, "QIPAN_STATIC")}
	if other := os.Getenv("QIPAN_COMPARE_STATIC"); other != "" {
		builds = append(builds, other)
	}
	const loads = 9
	firstMove := fenAfter(t, xiangqi.StartFEN, "h2e2") // embedPGN's
	type figs struct{ paint, ready, click []float64 }
	got := make([]figs, len(builds))
	for i := 0; i < loads; i++ {
		for k, dir := range builds {
			// A subtest each, so that its browser and server are gone before the next load.
			t.Run(fmt.Sprintf("load%d-build%d", i, k), func(t *testing.T) {
				srv := newServer(t, dir, "/")
				ctx := browser(t)
				watchPage(t, ctx)
				openEmbed(t, ctx, srv.URL+"/embed?pgn="+url.QueryEscape(embedPGN))
				// Headless Chromium now and then records no paint entry at all: left out.
				if p := eval[float64](t, ctx, `performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1`); p >= 0 {
					got[k].paint = append(got[k].paint, p)
				}
				got[k].ready = append(got[k].ready, eval[float64](t, ctx, `window.qipanReadyAt`))
				clicked := eval[float64](t, ctx, `(document.querySelector("[data-action=next]").click(), performance.now())`)
				waitFor(t, ctx, 5*time.Second, "the first move shown", fmt.Sprintf(`window.qipanFen === %q`, firstMove))
				got[k].click = append(got[k].click, eval[float64](t, ctx, `window.qipanFenAt`)-clicked)
			})
		}
	}
	recordLoad(t, "after the cold loads")
	for k, dir := range builds {
		recordIn(t, "numbers.txt", "cold load of /embed with a PGN, %d fresh profiles, %s: first paint %s (of %d with a paint entry); board drawn and taking clicks %s; a click then answered in %s (median [min–max] ms)",
			loads, dir, spread(got[k].paint), len(got[k].paint), spread(got[k].ready), spread(got[k].click))
	}
}

// spread writes the median and the range of v.
func spread(v []float64) string {
	if len(v) == 0 {
		return "none"
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return fmt.Sprintf("%.1f [%.1f–%.1f]", s[len(s)/2], s[0], s[len(s)-1])
}
