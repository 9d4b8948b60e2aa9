//go:build wasm

package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/sound"
)

// listenKeys calls onKey with the key name (KeyboardEvent.key) of each key pressed outside a
// form field, without modifiers; it returns a function that stops listening. onKey returns
// whether it used the key (then the browser's own handling, such as scrolling, is prevented).
// onKey is called outside the UI goroutine.
func listenKeys(onKey func(key string) bool) func() {
	f := app.FuncOf(func(this app.Value, args []app.Value) any {
		e := args[0]
		if e.Get("altKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
			return nil
		}
		if t := e.Get("target"); t.Truthy() && t.Get("closest").Truthy() &&
			t.Call("closest", "input, textarea, select, [contenteditable]").Truthy() {
			return nil
		}
		if onKey(e.Get("key").String()) {
			e.Call("preventDefault")
		}
		return nil
	})
	app.Window().Call("addEventListener", "keydown", f)
	return func() {
		app.Window().Call("removeEventListener", "keydown", f)
		f.Release()
	}
}

// copyText puts s on the clipboard if the browser lets the page do it (it needs a secure
// context and a user gesture); the text is also in the import/export box either way.
func copyText(s string) {
	cb := app.Window().Get("navigator").Get("clipboard")
	if !cb.Truthy() || !cb.Get("writeText").Truthy() {
		return
	}
	p := cb.Call("writeText", s)
	var noop app.Func
	noop = app.FuncOf(func(this app.Value, args []app.Value) any { noop.Release(); return nil })
	p.Call("catch", noop)
}

// sounds synthesises the move sounds with WebAudio: no sound files. The AudioContext is made
// on the first user gesture (unlock), as browsers allow audio only after one.
type sounds struct {
	ac app.Value
}

// unlock makes (or resumes) the AudioContext; call it from a user gesture.
func (s *sounds) unlock() {
	if s.ac != nil && s.ac.Truthy() {
		if s.ac.Get("state").String() == "suspended" {
			s.ac.Call("resume")
		}
		return
	}
	ctor := app.Window().Get("AudioContext")
	if !ctor.Truthy() {
		ctor = app.Window().Get("webkitAudioContext")
	}
	if !ctor.Truthy() {
		return
	}
	s.ac = ctor.New()
}

// play plays sound k if audio is unlocked; it also notes k in the page's qipanSounds list,
// which the browser tests read.
func (s *sounds) play(k sound.Sound) {
	ts := sound.Tones[k]
	if ts == nil || s.ac == nil || !s.ac.Truthy() {
		return
	}
	now := s.ac.Get("currentTime").Float()
	dest := s.ac.Get("destination")
	for _, t := range ts {
		osc := s.ac.Call("createOscillator")
		g := s.ac.Call("createGain")
		osc.Set("type", t.Wave)
		at := now + t.Offset
		osc.Get("frequency").Call("setValueAtTime", t.Freq, at)
		if t.Freq2 > 0 {
			osc.Get("frequency").Call("exponentialRampToValueAtTime", t.Freq2, at+t.Dur)
		}
		g.Get("gain").Call("setValueAtTime", 0.0001, at)
		g.Get("gain").Call("exponentialRampToValueAtTime", t.Gain, at+0.005)
		g.Get("gain").Call("exponentialRampToValueAtTime", 0.0001, at+t.Dur)
		osc.Call("connect", g)
		g.Call("connect", dest)
		osc.Call("start", at)
		osc.Call("stop", at+t.Dur+0.02)
	}
	log := app.Window().Get("qipanSounds")
	if !log.Truthy() {
		log = app.Window().Get("Array").New()
		app.Window().Set("qipanSounds", log)
	}
	log.Call("push", string(k))
}

// startServiceWorker registers the service worker (the site's app.js waits for this call, or
// 5 s; see app/site.deferServiceWorker) once the board is drawn: its install fetches and
// stores every file, and on a first visit it competed with the page's start for the CPU.
func startServiceWorker() {
	if f := app.Window().Get("qipanStartServiceWorker"); f.Truthy() {
		app.Window().Call("qipanStartServiceWorker")
	}
}

// cacheEngineFiles asks the service worker to keep the engine's files, now that the engine
// runs (app/site/worker.go: they are cached when first used). On a first visit the engine may
// have loaded before the service worker took control of the page: then the request waits for
// it to take over.
func cacheEngineFiles() {
	sw := app.Window().Get("navigator").Get("serviceWorker")
	if !sw.Truthy() {
		return
	}
	ask := func() {
		if c := sw.Get("controller"); c.Truthy() {
			c.Call("postMessage", map[string]any{"type": "qipan:cache-lazy"})
		}
	}
	if sw.Get("controller").Truthy() {
		ask()
		return
	}
	var f app.Func
	f = app.FuncOf(func(this app.Value, args []app.Value) any {
		ask()
		f.Release()
		return nil
	})
	sw.Call("addEventListener", "controllerchange", f, map[string]any{"once": true})
}

// browserLangs returns the browser's languages, best first (navigator.languages).
func browserLangs() []string {
	nav := app.Window().Get("navigator")
	var out []string
	if ls := nav.Get("languages"); ls.Truthy() {
		for i := 0; i < ls.Length(); i++ {
			out = append(out, ls.Index(i).String())
		}
	}
	if l := nav.Get("language"); len(out) == 0 && l.Type() == app.TypeString {
		out = append(out, l.String())
	}
	return out
}

// setDocumentLang sets the page's <html lang>, title and description in language l, so that
// fonts, screen readers, the tab and search engines read the page in its language.
func setDocumentLang(l i18n.Lang) {
	doc := app.Window().Get("document")
	doc.Get("documentElement").Set("lang", string(l))
	doc.Set("title", l.T(i18n.PageTitle))
	if d := doc.Call("querySelector", `meta[name="description"]`); d.Truthy() {
		d.Call("setAttribute", "content", l.T(i18n.PageDescription))
	}
}

// storageRaw returns the text stored under key in localStorage, and whether there is one.
func storageRaw(key string) (string, bool) {
	v := app.Window().Get("localStorage").Call("getItem", key)
	if v.Type() != app.TypeString {
		return "", false
	}
	return v.String(), true
}

// storageSetRaw stores text under key as it is (localStorage.setItem throws when full).
func storageSetRaw(key, text string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("localStorage: %v", r)
		}
	}()
	app.Window().Get("localStorage").Call("setItem", key, text)
	return nil
}

// focusPoint gives the keyboard focus to the board point sq.
func focusPoint(sq string) {
	if el := app.Window().Get("document").Call("querySelector", `#board .pt[data-square="`+sq+`"]`); el.Truthy() {
		el.Call("focus")
	}
}

// mediaMatches reports whether a CSS media query matches (window.matchMedia).
func mediaMatches(query string) bool {
	mm := app.Window().Get("matchMedia")
	return mm.Truthy() && app.Window().Call("matchMedia", query).Get("matches").Bool()
}

// listenHidden calls onChange when the page is hidden or shown again (visibilitychange), off
// the UI goroutine; it returns a function that stops listening.
func listenHidden(onChange func(hidden bool)) func() {
	doc := app.Window().Get("document")
	f := app.FuncOf(func(this app.Value, args []app.Value) any {
		onChange(doc.Get("hidden").Bool())
		return nil
	})
	doc.Call("addEventListener", "visibilitychange", f)
	return func() {
		doc.Call("removeEventListener", "visibilitychange", f)
		f.Release()
	}
}
