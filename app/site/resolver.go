// Package site configures qipan's go-app handler for a static build, at the root of a host or
// under a sub-path, and serves such a build.
package site

import (
	"fmt"
	"strings"
)

// Base resolves go-app's resource paths for a site served under a path prefix.
//
// go-app's own app.GitHubPages("qipan") maps "/" to "/qipan" with no trailing slash: the host
// then redirects, the service worker caches the redirect, and the start page fails offline.
// Base maps "/" to "/qipan/" and leaves fragments ("#g5E25", used by the board's <use>) and
// other relative or remote URLs alone.
type Base struct {
	prefix string // "" for the root, else "/qipan" (no trailing slash)
}

// ParseBase checks a base path: "/" or a path like "/qipan/" (the slashes around it optional).
func ParseBase(s string) (Base, error) {
	p := "/" + strings.Trim(s, "/")
	if p == "/" {
		return Base{}, nil
	}
	for _, seg := range strings.Split(p[1:], "/") {
		if seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, "?#%\\ ") {
			return Base{}, fmt.Errorf("base path %q: want a path like /qipan/", s)
		}
	}
	return Base{prefix: p}, nil
}

// Path returns the base as a path with a trailing slash: "/" or "/qipan/".
func (b Base) Path() string { return b.prefix + "/" }

// Resolve implements app.ResourceResolver.
func (b Base) Resolve(loc string) string {
	switch {
	case loc == "" || loc == "/":
		return b.prefix + "/"
	case strings.HasPrefix(loc, "/web/") || loc == "/web":
		return b.prefix + loc
	case strings.HasPrefix(loc, "web/") || loc == "web":
		return b.prefix + "/" + loc
	case strings.HasPrefix(loc, "//"): // protocol-relative: another host
		return loc
	case strings.HasPrefix(loc, "/"):
		return b.prefix + loc
	}
	return loc // "#fragment", "https://…", "data:…", relative paths
}
