import React, { useState, useEffect } from "react";
import { Button, Layout } from "@acme/ui";
import styles from "./TodoList.module.css";

export interface Todo {
  id: number;
  title: string;
  done: boolean;
}

interface Props {
  initial?: Todo[];
  onChange?: (todos: Todo[]) => void;
}

export function formatCount(count: number): string;
export function formatCount(count: number, noun: string): string;
export function formatCount(count: number, noun = "item"): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** One row of the list. */
const TodoItem = ({ todo, onToggle }: { todo: Todo; onToggle: (id: number) => void }) => (
  <li className={todo.done ? styles.done : undefined} onClick={() => onToggle(todo.id)}>
    {todo.title}
  </li>
);

/**
 * The list with an input box. Deliberately long to exercise splitting.
 */
export default function TodoList({ initial = [], onChange }: Props) {
  const [todos, setTodos] = useState<Todo[]>(initial);
  const [draft, setDraft] = useState("");
  const [filter, setFilter] = useState<"all" | "open" | "done">("all");

  useEffect(() => {
    onChange?.(todos);
  }, [todos, onChange]);

  function add() {
    const title = draft.trim();
    if (!title) {
      return;
    }
    setTodos([...todos, { id: Date.now(), title, done: false }]);
    setDraft("");
  }

  const toggle = (id: number) =>
    setTodos(todos.map((t) => (t.id === id ? { ...t, done: !t.done } : t)));

  const visible = todos.filter((t) =>
    filter === "all" ? true : filter === "done" ? t.done : !t.done,
  );

  return (
    <Layout.Column className={styles.list}>
      <header>
        <h1>Todos</h1>
        <span>{formatCount(visible.length)}</span>
      </header>
      <input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => e.key === "Enter" && add()}
      />
      <Button onClick={add}>Add</Button>
      <nav>
        {(["all", "open", "done"] as const).map((f) => (
          <Button key={f} pressed={filter === f} onClick={() => setFilter(f)}>
            {f}
          </Button>
        ))}
      </nav>
      <ul>
        {visible.map((todo) => (
          <TodoItem key={todo.id} todo={todo} onToggle={toggle} />
        ))}
      </ul>
    </Layout.Column>
  );
}

export class ErrorBoundary extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <p>Something broke.</p> : this.props.children;
  }
}
