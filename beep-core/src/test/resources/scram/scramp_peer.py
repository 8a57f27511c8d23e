"""The other side of a SCRAM exchange, played by scramp (an independent implementation), for ScramInteropTest.

Usage: scramp_peer.py server|client MECHANISM USER PASSWORD (USER and PASSWORD as base64 of their UTF-8, so that
any text survives the command line whatever the locale). Messages travel as lines of base64 on stdin and stdout. The server knows USER with PASSWORD (4096 iterations);
the client authenticates as USER with PASSWORD. The last line is "OK" or "FAIL <reason>".
"""
import base64
import sys

import scramp


def send(text):
    print(base64.b64encode(text.encode("utf-8")).decode("ascii"), flush=True)


def receive():
    line = sys.stdin.readline()
    if not line:
        raise EOFError("the other side closed")
    return base64.b64decode(line.strip()).decode("utf-8")


def server(mechanism, user, password):
    m = scramp.ScramMechanism(mechanism)
    info = m.make_auth_info(password, iteration_count=4096)

    def credentials(name):
        if name != user:
            raise scramp.ScramException("unknown user")
        return info

    s = m.make_server(credentials)
    try:
        s.set_client_first(receive())
        send(s.get_server_first())
        s.set_client_final(receive())
        send(s.get_server_final())
        print("OK", flush=True)
    except (scramp.ScramException, EOFError) as e:
        try:
            send(s.get_server_final())
        except scramp.ScramException:
            send("e=other-error")
        print("FAIL " + str(e).replace("\n", " "), flush=True)


def client(mechanism, user, password):
    c = scramp.ScramClient([mechanism], user, password)
    try:
        send(c.get_client_first())
        c.set_server_first(receive())
        send(c.get_client_final())
        c.set_server_final(receive())
        print("OK", flush=True)
    except (scramp.ScramException, EOFError) as e:
        print("FAIL " + str(e).replace("\n", " "), flush=True)


if __name__ == "__main__":
    role, mechanism = sys.argv[1:3]
    user, password = (base64.b64decode(a).decode("utf-8") for a in sys.argv[3:5])
    (server if role == "server" else client)(mechanism, user, password)
