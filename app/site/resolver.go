// Package site configures qipan's go-app handler for a static build, at the root of a host or
// under a sub-path, and serves such a build.
package site

import (
	"fmt"
	"net/url"
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

// ParseSiteURL reads the address the site is served at, "https://example.org/qipan/": its
// host (Config.Host, for link previews' absolute URLs) and its path, which must be base's.
func ParseSiteURL(s string, base Base) (host string, err error) {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return "", fmt.Errorf("site URL %q: %v", s, err)
	case u.Scheme != "https" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "":
		return "", fmt.Errorf("site URL %q: want https://host/path/, as link previews need", s)
	}
	if p, err := ParseBase(u.Path); err != nil || p != base {
		return "", fmt.Errorf("site URL %q: its path is not the base path %s", s, base.Path())
	}
	return u.Host, nil
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
