//! A fake CSA server written here, for what the real one never does: a move with a bad time, a
//! silent server, a `START` for another game, hostile names, a `REJECT` by the opponent, a
//! refused login every time. It listens on a port the system hands out (127.0.0.1:0); each test
//! scripts its side of the conversation line by line.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

pub const EVEN: &str = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \n\
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n\
P6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \n\
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+";

/// A game summary: `names` sente and gote, the client plays `your_turn` (`+` or `-`).
pub fn summary(game_id: &str, names: [&str; 2], your_turn: char, total: u32, byoyomi: u32) -> String {
    format!(
        "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:Shogi 1.0\n\
         Declaration:Jishogi 1.1\nGame_ID:{game_id}\nName+:{}\nName-:{}\nYour_Turn:{your_turn}\n\
         Rematch_On_Draw:NO\nTo_Move:+\nMax_Moves:256\nBEGIN Time\nTime_Unit:1sec\nTotal_Time:{total}\n\
         Byoyomi:{byoyomi}\nLeast_Time_Per_Move:0\nEND Time\nBEGIN Position\n{EVEN}\nEND Position\n\
         END Game_Summary",
        names[0], names[1]
    )
}

pub struct Fake {
    listener: TcpListener,
    pub port: u16,
}

impl Fake {
    pub fn new() -> Fake {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        Fake { listener, port }
    }

    /// Whether no client has connected (without waiting).
    pub fn nobody_came(&self) -> bool {
        self.listener.set_nonblocking(true).unwrap();
        let nobody = self.listener.accept().is_err();
        self.listener.set_nonblocking(false).unwrap();
        nobody
    }

    /// The next client's connection.
    pub fn accept(&self) -> Conn {
        let (stream, _) = self.listener.accept().unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        Conn { reader: BufReader::new(stream.try_clone().unwrap()), stream, seen: Vec::new() }
    }
}

/// One client's connection, from the server's side.
pub struct Conn {
    reader: BufReader<TcpStream>,
    stream: TcpStream,
    /// Every line the client sent, keep-alives included.
    pub seen: Vec<String>,
}

impl Conn {
    /// Sends `text`, line by line.
    pub fn send(&mut self, text: &str) {
        for l in text.lines() {
            self.stream.write_all(format!("{l}\n").as_bytes()).unwrap();
        }
    }

    /// The next line the client sends that is not a keep-alive (`None` when it closed).
    pub fn next(&mut self) -> Option<String> {
        loop {
            let mut l = String::new();
            match self.reader.read_line(&mut l) {
                Ok(0) => return None,
                Ok(_) => {
                    let l = l.trim_end_matches(['\r', '\n']).to_string();
                    self.seen.push(l.clone());
                    if !l.is_empty() {
                        return Some(l);
                    }
                }
                Err(e) => panic!("waited 60 s for the client ({e}); saw {:?}", self.seen),
            }
        }
    }

    /// The next line, which must satisfy `want`.
    pub fn expect(&mut self, want: impl Fn(&str) -> bool) -> String {
        let l = self.next().unwrap_or_else(|| panic!("the client closed; saw {:?}", self.seen));
        assert!(want(&l), "unexpected line '{l}'; saw {:?}", self.seen);
        l
    }

    /// Reads `LOGIN user game,pw` and accepts it.
    pub fn login(&mut self) -> String {
        let l = self.expect(|l| l.starts_with("LOGIN "));
        let user = l.split(' ').nth(1).unwrap().to_string();
        self.send(&format!("LOGIN:{user} OK"));
        l
    }

    /// Proposes a game, reads `AGREE` and starts it.
    pub fn start(&mut self, summary: &str, game_id: &str) {
        self.send(summary);
        self.expect(|l| l == "AGREE");
        self.send(&format!("START:{game_id}"));
    }

    /// Sends the opponent's `line` (a move with its time), reads the client's answer and repeats
    /// its move (without what follows it) with `,{time}`; returns the whole answer.
    pub fn exchange(&mut self, line: &str, time: &str) -> String {
        self.send(line);
        let reply = self.expect(|l| l.starts_with(['+', '-']));
        let mv = reply.split(',').next().unwrap_or_default();
        self.send(&format!("{mv},{time}"));
        reply
    }

    /// Reads `LOGOUT`, answers it and closes.
    pub fn logout(mut self) {
        self.expect(|l| l == "LOGOUT");
        self.send("LOGOUT:completed");
    }

    /// Everything the client sends until it closes.
    pub fn rest(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(l) = self.next() {
            out.push(l);
        }
        out
    }
}
