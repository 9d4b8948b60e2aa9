// Package i18n holds every word the boards show, in 简体中文, 繁體中文 and English: one
// catalogue per language (english.go, simplified.go, traditional.go), each an array indexed by
// Key, so a lookup costs an index and a missing entry is an empty string that the package's
// test finds. Texts with arguments are fmt formats; the three must take the same arguments.
package i18n

import (
	"fmt"
	"slices"
	"strings"
)

// Lang is a language the interface speaks, named by its BCP 47 tag (the page's <html lang>).
type Lang string

const (
	English     Lang = "en"
	Simplified  Lang = "zh-Hans"
	Traditional Lang = "zh-Hant"
)

// Langs are the languages in the order the selector lists them.
var Langs = []Lang{Simplified, Traditional, English}

// Name is the language's name in itself, for the selector.
func (l Lang) Name() string {
	switch l {
	case Simplified:
		return "简体中文"
	case Traditional:
		return "繁體中文"
	}
	return "English"
}

// catalogue returns l's texts; an unknown language speaks English.
func (l Lang) catalogue() *[keyCount]string {
	switch l {
	case Simplified:
		return &simplified
	case Traditional:
		return &traditional
	}
	return &english
}

// T returns the text of k in l, formatted with args when the text takes them.
func (l Lang) T(k Key, args ...any) string {
	s := l.catalogue()[k]
	if s == "" {
		s = english[k]
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// Texts returns every text of l's catalogue in key order, for checks that need them all (the
// desktop font's coverage of the Chinese texts).
func (l Lang) Texts() []string { return slices.Clone(l.catalogue()[:]) }

// Parse reads a language tag as browsers and URLs write it ("zh-CN", "zh-TW", "zh-Hant-HK",
// "en-GB", "zh"): Chinese of Taiwan, Hong Kong and Macau, or marked Hant, is Traditional;
// other Chinese is Simplified. It reports false for a language the interface does not speak.
func Parse(tag string) (Lang, bool) {
	t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"))
	parts := strings.Split(t, "-")
	switch parts[0] {
	case "en":
		return English, true
	case "zh":
		for _, p := range parts[1:] {
			switch p {
			case "hant", "tw", "hk", "mo":
				return Traditional, true
			case "hans", "cn", "sg", "my":
				return Simplified, true
			}
		}
		return Simplified, true
	}
	return "", false
}

// Choose picks the language of the first tag the interface speaks (a browser's
// navigator.languages, best first), else English.
func Choose(tags []string) Lang {
	for _, t := range tags {
		if l, ok := Parse(t); ok {
			return l
		}
	}
	return English
}
