package state

import (
	"net/url"
	"strings"
)

// LinkLang returns the language a link asks for with lang=, or "" when it
// asks for none the page has (or more than one). It reads no other setting,
// so a link that cannot be opened still says which language its notice and
// default view should be in.
func LinkLang(link string) string {
	link = strings.TrimPrefix(strings.TrimPrefix(link, "#"), "?")
	if link == "" || len(link) > maxLinkBytes {
		return ""
	}
	values, _ := url.ParseQuery(link) // keeps the pairs it could read
	vs := values["lang"]
	var s State
	if len(vs) != 1 || decodeLang(&s, vs[0]) != nil {
		return ""
	}
	return s.Lang
}
