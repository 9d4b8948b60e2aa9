//go:build !wasm

package ui

import (
	"qipan/app/i18n"
	"qipan/app/sound"
)

// Native twins of browser_wasm.go: outside a browser there are no keys, clipboard or audio
// (OnMount and the handlers that use these run only in a browser).

func listenKeys(onKey func(key string) bool) func() { return func() {} }

func copyText(s string) {}

func startServiceWorker() {}

func cacheEngineFiles() {}

func browserLangs() []string { return nil }

func setDocumentLang(l i18n.Lang) {}

func focusPoint(sq string) {}

func mediaMatches(query string) bool { return false }

func storageRaw(key string) (string, bool) { return "", false }

func storageSetRaw(key, text string) error { return nil }

type sounds struct{}

func (s *sounds) unlock()          {}
func (s *sounds) play(sound.Sound) {}

func listenHidden(onChange func(hidden bool)) func() { return func() {} }
