#!/usr/bin/env python3
"""A bot for the arcade's JSON protocol (docs/protocol.md).

It opens a table of GAME, fills the other seats with the arcade's bots,
starts, and plays a random legal move whenever it may, until the game is
over. Run it with the ssh command that reaches the arcade:

    python3 examples/bot.py firelibrary ssh -p 2222 arcade.example.org
"""
import json
import random
import subprocess
import sys
import time

game, ssh = sys.argv[1], sys.argv[2:] or ["ssh", "-p", "2222", "localhost"]
proc = subprocess.Popen(ssh + ["play", "--json"], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True, bufsize=1)


def send(cmd, *args, **fields):
    proc.stdin.write(json.dumps(dict(cmd=cmd, args=list(args), **fields)) + "\n")


send("new", game, "seats=2")
send("bots", "easy")
send("start")
table = None
for line in proc.stdout:
    msg = json.loads(line)
    if msg["type"] == "error":
        print("refused:", msg["error"], file=sys.stderr)
        time.sleep(0.1)  # then play again from the newest table we saw
    elif msg["type"] == "table":
        table = msg
        for event in msg["events"]:
            print(event)
    else:
        continue
    if table and table.get("outcome"):
        print("Game over:", table["outcome"].get("summary", ""))
        send("quit")
        break
    if table and table["your_turn"]:
        send("move", id=random.choice(table["moves"])["id"])
proc.wait()
