//! `shogiban completions SHELL` and `shogiban man`: the shell completion scripts and the manual
//! pages, generated from the same clap definitions that parse the command line, so they always
//! name the options the program takes. Hidden developer commands are left out of both.

use super::Cli;
use clap::CommandFactory;
use clap_complete::Shell;
use std::path::PathBuf;
use std::process::ExitCode;

/// Where each shell looks for a completion script, shown under `completions --help`.
pub const INSTALL: &str = "\
Install:
  bash  shogiban completions bash > ~/.local/share/bash-completion/completions/shogiban
  zsh   shogiban completions zsh > ~/.zfunc/_shogiban   (with fpath+=~/.zfunc before compinit)
  fish  shogiban completions fish > ~/.config/fish/completions/shogiban.fish";

#[derive(clap::Args)]
pub struct CompletionArgs {
    /// The shell to complete for
    #[arg(value_name = "SHELL")]
    shell: Shell,
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// Write shogiban.1 and one page per subcommand (shogiban-mate.1, …) into this folder
    /// instead of printing shogiban.1
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    dir: Option<PathBuf>,
}

/// The command as users see it: the parser's definition less its hidden subcommands (clap has
/// no way to take a subcommand out, so the top level is made again from its parts).
fn visible_command() -> clap::Command {
    let full = Cli::command();
    let mut cmd = clap::Command::new("shogiban")
        .version(env!("CARGO_PKG_VERSION"))
        .about(full.get_about().cloned().unwrap_or_default())
        .long_about(full.get_long_about().cloned().unwrap_or_default())
        .args_conflicts_with_subcommands(true)
        .args(full.get_arguments().cloned());
    for sub in full.get_subcommands().filter(|c| !c.is_hide_set()) {
        cmd = cmd.subcommand(sub.clone());
    }
    cmd
}

/// `shogiban completions SHELL`: the script on stdout.
pub fn completions(a: CompletionArgs) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut visible_command(), "shogiban", &mut script);
    write_stdout("completions", &script)
}

/// `shogiban man`: shogiban.1 on stdout, or every page into `--dir`.
pub fn man(a: ManArgs) -> ExitCode {
    match a.dir {
        Some(dir) => match clap_mangen::generate_to(visible_command(), &dir) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => super::fail("man", format!("{}: {e}", dir.display())),
        },
        None => {
            let mut page = Vec::new();
            match clap_mangen::Man::new(visible_command()).render(&mut page) {
                Ok(()) => write_stdout("man", &page),
                Err(e) => super::fail("man", e),
            }
        }
    }
}

/// Writes `bytes` to stdout; a failed write (stdout closed included) is an error, not a silent
/// success.
fn write_stdout(command: &str, bytes: &[u8]) -> ExitCode {
    match super::print(command, &String::from_utf8_lossy(bytes)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
