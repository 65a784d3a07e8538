// Package state is what the page shows, as a link carries it: the State, its
// settings with their ranges, the link codec (Encode, DecodeState), the JSON
// that window.attnviz.state() returns, and the matrices view's input. It
// knows the math's limits (attention/) and the default sentences (app/i18n),
// nothing of the browser.
package state
