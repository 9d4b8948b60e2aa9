//go:build !wasm

package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

func readFile(f app.Value, done func(data []byte, ok bool)) { done(nil, false) }

func decodeGBK(b []byte) string { return string(b) }
