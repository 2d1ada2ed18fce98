(** A mutable stack with a maximum size. *)

open Printf

exception Full of int

type 'a t = {
  mutable items : 'a list;
  mutable size : int;
  capacity : int;
}

(** [create n] makes an empty stack holding at most [n] items. *)
let create capacity = { items = []; size = 0; capacity }

(** Pushes [x]; raises [Full] when the stack is full. *)
let push s x =
  if s.size >= s.capacity then raise (Full s.capacity);
  s.items <- x :: s.items;
  s.size <- s.size + 1

let pop s =
  match s.items with
  | [] -> None
  | x :: rest ->
    s.items <- rest;
    s.size <- s.size - 1;
    Some x

let rec drain s acc =
  match pop s with
  | None -> List.rev acc
  | Some x -> drain s (x :: acc)

module type PRINTABLE = sig
  type t
  val to_string : t -> string
end

module Make (P : PRINTABLE) = struct
  let print s = List.iter (fun x -> print_endline (P.to_string x)) s.items
end

module Int_stack = struct
  type nonrec t = int t

  let sum s = List.fold_left ( + ) 0 s.items
end

class counter = object
  val mutable n = 0
  method incr = n <- n + 1
  method get = n
end

let () =
  let s = create 3 in
  push s 1;
  printf "%d\n" (Int_stack.sum s)
