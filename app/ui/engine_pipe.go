package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/play"
)

// enginePipe is a page's line to the engine Worker (the app's and the embed's). The Worker (and its wasm)
// is started by the first lines there are to send, or by start when the reader has asked for
// the computer, so a page that only replays a game never downloads the engine.
type enginePipe struct {
	worker  engineWorker
	session *play.Session                      // its engine conversation and watchdog
	onLine  func(ctx app.Context, line string) // each line the engine says, on the UI goroutine
	onFail  func(why string)                   // the Worker failed; nil: the engine is marked failed
}

// start starts the Worker if it is not running, and reports whether it runs.
func (l *enginePipe) start(ctx app.Context) bool {
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

func (l *enginePipe) fail(why string) {
	if l.onFail != nil {
		l.onFail(why)
		return
	}
	l.session.Client().Fail(why)
}

func (l *enginePipe) said(ctx app.Context, line string) {
	wasReady := l.session.Client().Ready()
	l.onLine(ctx, line)
	if !wasReady && l.session.Client().Ready() {
		cacheEngineFiles() // for offline play, now that the computer has been asked
	}
}

// send posts lines (starting the Worker if need be); a search they start is hurried if it
// runs well past its time limit, so a slow or stuck search still ends with a move.
func (l *enginePipe) send(ctx app.Context, lines []string) {
	if len(lines) == 0 || !l.start(ctx) {
		return
	}
	for _, line := range lines {
		l.worker.Post(line)
	}
	l.session.Sent(lines, time.Now())
	l.watch(ctx)
}

// watch wakes the session's watchdog when it wants (play.Session.Tick: the search is hurried
// once it has had its time limit and play.StopAfter more, counted from when the engine is
// ready: a first search waits for the engine to load, seconds on a slow machine).
func (l *enginePipe) watch(ctx app.Context) {
	w := l.session.Watch(time.Now())
	if w == 0 {
		return
	}
	ctx.After(w, func(ctx app.Context) {
		if l.worker == nil {
			return
		}
		for _, line := range l.session.Tick(time.Now()) {
			l.worker.Post(line)
		}
		l.watch(ctx)
	})
}

func (l *enginePipe) close() {
	if l.worker != nil {
		l.worker.Close()
		l.worker = nil
	}
}
