// Package compute turns the page's state into every result its views show
// (Computer.Update → Results). It owns the engines and keeps each result
// under a typed key while what it is computed from is unchanged. It imports
// the math (attention/) and the state (app/state), never go-app, so that its
// tests run natively; the page schedules the runs that must wait (the d_k
// sweep, SweepStep).
package compute
