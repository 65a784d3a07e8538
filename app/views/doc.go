// Package views holds the page's views, one file each, and the controls
// around them. A view renders what it is given (Props: the state, the
// results of app/compute, a Setter to change the state) and runs no engine.
package views
