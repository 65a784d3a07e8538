package state

import "net/url"

// LeftOut returns the keys of the settings that link leaves out and whose
// value was (the page before the link) and now (the page the link opened)
// differ: what a link typed over the address reset to its default. A link
// that cannot be read leaves out nothing here (its notice says more).
func LeftOut(link string, was, now State) []string {
	values, err := url.ParseQuery(link)
	if err != nil {
		return nil
	}
	var keys []string
	for _, f := range settings {
		if _, ok := values[f.key]; !ok && f.encode(&was) != f.encode(&now) {
			keys = append(keys, f.key)
		}
	}
	return keys
}
