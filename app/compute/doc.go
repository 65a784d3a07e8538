// Package compute turns the page's state into every result its views show.
// It owns the engines and their caches, keyed by typed keys, and runs
// nothing in the browser's name: it imports the math (attention/) and the
// state (app/state), never go-app, so that its tests run natively.
package compute
