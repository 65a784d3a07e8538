package state

import "net/url"

// LeftOut returns the keys of the settings that link leaves out, that the
// page before it (was) had changed from their default, and that differ in
// the page the link opened (now): what of the student's a link typed over
// the address reset. A link that cannot be read leaves out nothing here
// (its notice says more).
func LeftOut(link string, was, now State) []string {
	values, err := url.ParseQuery(link)
	if err != nil {
		return nil
	}
	def := DefaultState(was.Lang)
	var keys []string
	for _, f := range settings {
		v := f.encode(&was)
		if _, ok := values[f.key]; !ok && v != f.encode(&def) && v != f.encode(&now) {
			keys = append(keys, f.key)
		}
	}
	return keys
}
