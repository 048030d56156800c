"use client";
import { useState, type ReactNode } from "react";

export type FileDropAreaProps = {
  onFile(file: File): void;
  /** Layout of the area; the dashed border and its highlight while a file is over it are added here. */
  className: string;
  "data-testid"?: string;
  children: ReactNode;
};

/** An area a file can be dropped on: the first dropped file is handed over, and the border lights up while dragging. */
export function FileDropArea({ onFile, className, children, ...rest }: FileDropAreaProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={`border-2 border-dashed ${dragging ? "border-accent bg-accent-soft" : "border-line"} ${className}`}
      data-testid={rest["data-testid"]}
    >
      {children}
    </div>
  );
}
