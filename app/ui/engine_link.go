package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/engineclient"
)

// engineLink is a page's line to the engine Worker (the app's and the embed's). The Worker (and its wasm)
// is started by the first lines there are to send, or by start when the reader has asked for
// the computer, so a page that only replays a game never downloads the engine.
type engineLink struct {
	worker engineWorker
	engine *engineclient.Client
	onLine func(ctx app.Context, line string) // each line the engine says, on the UI goroutine
	onFail func(why string)                   // the Worker failed; nil: the engine is marked failed
}

// start starts the Worker if it is not running, and reports whether it runs.
func (l *engineLink) start(ctx app.Context) bool {
	if l.worker != nil {
		return true
	}
	w, err := startWorker(WorkerURL,
		func(line string) { ctx.Dispatch(func(ctx app.Context) { l.said(ctx, line) }) },
		func(why string) { ctx.Dispatch(func(ctx app.Context) { l.fail(why) }) })
	if err != nil {
		l.fail(err.Error())
		return false
	}
	l.worker = w
	return true
}

func (l *engineLink) fail(why string) {
	if l.onFail != nil {
		l.onFail(why)
		return
	}
	l.engine.Fail(why)
}

func (l *engineLink) said(ctx app.Context, line string) {
	wasReady := l.engine.Ready()
	l.onLine(ctx, line)
	if !wasReady && l.engine.Ready() {
		cacheEngineFiles() // for offline play, now that the computer has been asked
	}
}

// send posts lines (starting the Worker if need be); a search they start is hurried if it
// runs well past its time limit, so a slow or stuck search still ends with a move.
func (l *engineLink) send(ctx app.Context, lines []string) {
	if len(lines) == 0 || !l.start(ctx) {
		return
	}
	for _, line := range lines {
		l.worker.Post(line)
	}
	if lines[len(lines)-1] == "stop" {
		return
	}
	id, limit := l.engine.Search()
	if id == 0 {
		return
	}
	l.hurryLater(ctx, id, limit)
}

// hurryLater hurries search id once it has had its time limit and stopAfter more, counted
// from when the engine is ready: a first search waits for the engine to load (seconds on a
// slow machine), and a stop sent as it begins would get a move from no search at all.
func (l *engineLink) hurryLater(ctx app.Context, id int, limit time.Duration) {
	ctx.After(limit+stopAfter, func(ctx app.Context) {
		if l.worker == nil {
			return
		}
		if !l.engine.Ready() && l.engine.Failed() == "" {
			l.hurryLater(ctx, id, limit)
			return
		}
		for _, line := range l.engine.Hurry(id) {
			l.worker.Post(line)
		}
	})
}

func (l *engineLink) close() {
	if l.worker != nil {
		l.worker.Close()
		l.worker = nil
	}
}
