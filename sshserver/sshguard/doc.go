// Package sshguard holds the SSH server's small hardening helpers:
//
//   - Refuse turns a refused TCP connection into an SSH disconnect that the
//     client prints, instead of a bare reset;
//   - Harden, HardenedConfig and WithHardenedAlgorithms restrict key
//     exchanges, ciphers, MACs and public key signatures to modern
//     algorithms, as OpenSSH offers by default;
//   - LoadOrCreateHostKey (served with WithHostKey) and CheckDataDir keep the
//     host key and the data directory private, refusing them as OpenSSH's
//     StrictModes would;
//   - Every rate-limits a log line and counts what it held back.
//
// The package does not depend on the rest of the arcade: the server wires it
// in.
package sshguard
