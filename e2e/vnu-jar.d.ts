/** vnu-jar's CommonJS export: a `String` object holding the path of vnu.jar. */
declare module 'vnu-jar' {
  const vnuJarPath: string;
  export default vnuJarPath;
}
