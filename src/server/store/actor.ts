// Who made a change in the owner's side (an inquiry's status or note, a stop), for
// its history. Its own file: every store that keeps a history takes it.

export interface Actor {
  id: string;
  email: string;
}
